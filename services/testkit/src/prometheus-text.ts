/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4): every line must be a
 * HELP or TYPE comment or a sample `name{label="value",…} number [timestamp]`, every sample must
 * belong to a family whose TYPE came first, and a histogram's buckets must not decrease.
 * (The npm parsers tried lose labelled histogram series, so the tests use this.)
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { name: string; type: string; help: string; samples: Sample[] };

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
/** As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case; prom-client writes `Nan`. */
const NUMBER = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+)|[+-]?inf(?:inity)?|nan)$/i;
/** Number() reads NaN in any spelling as NaN already; only Inf needs its JavaScript name. */
const sampleValue = (text: string) => Number(text.replace(/^([+-]?)inf(?:inity)?$/i, '$1Infinity'));

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const [index, line] of lines.entries()) {
    const fail = (why: string) => new Error(`line ${index + 1}: ${why}: ${line}`);
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment as unknown as [string, string, string, string];
      const family = families.get(name) ?? { name, type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest))
          throw fail('unknown type');
        family.type = rest;
      } else family.help = rest;
      families.set(name, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw fail('not a sample');
    const [, name, labelText = '', valueText] = match as unknown as [
      string,
      string,
      string | undefined,
      string,
    ];
    if (!NUMBER.test(valueText)) throw fail('bad value');
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText);
      if (!label) throw fail('bad labels');
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const base = name.replace(/_(bucket|sum|count)$/, '');
    const family = families.get(name) ?? families.get(base);
    if (!family || family.type === 'untyped') throw fail('sample without a TYPE');
    family.samples.push({ name, labels, value: sampleValue(valueText) });
  }
  for (const family of families.values()) if (family.type === 'histogram') checkBuckets(family);
  return families;
}

function checkBuckets(family: Family) {
  const series = new Map<string, number[]>();
  for (const sample of family.samples.filter((s) => s.name.endsWith('_bucket'))) {
    const { le: _le, ...rest } = sample.labels;
    const key = JSON.stringify(rest);
    series.set(key, [...(series.get(key) ?? []), sample.value]);
  }
  for (const [key, counts] of series)
    if (counts.some((count, i) => i > 0 && count < counts[i - 1]!))
      throw new Error(`${family.name}${key}: buckets decrease`);
}
