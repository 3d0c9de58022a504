import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Whether an uploaded SVG is free of anything active, decided by DOMPurify (a maintained sanitiser)
 * over jsdom rather than by patterns: a namespaced `<s:script>`, an entity-encoded `javascript&#58;`
 * and the like are what the parser sees, not what a regular expression sees. An SVG is refused when
 * the sanitiser would remove anything from it (scripts, event handlers, foreignObject, `<use>`,
 * script URLs…): the file is served as uploaded, so it is accepted only when it is already clean.
 *
 * Browsers read a served SVG with their XML parser and DOMPurify reads it with the HTML parser, so
 * the file must also be well-formed XML with no internal DTD (entities), and its XML tree is checked
 * for the same things, so a difference between the two parsers cannot hide a script.
 */
let purifier: { purify: DOMPurify; window: JSDOM['window'] } | null = null;
const sanitizer = () => {
  if (!purifier) {
    const { window } = new JSDOM('');
    purifier = { purify: createDOMPurify(window as unknown as Window & typeof globalThis), window };
  }
  return purifier;
};

const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
]);
/** An attribute value a browser could run: a script URL, however its characters were written. */
const SCRIPT_URL = /^(javascript|vbscript|data:(?!image\/(png|jpe?g|gif|webp);))/i;

export function isCleanSvg(text: string): boolean {
  if (/<!DOCTYPE[^>]*\[/i.test(text) || /<!ENTITY/i.test(text)) return false;
  const { purify, window } = sanitizer();
  const xml = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = xml.documentElement;
  if (root?.localName !== 'svg' || xml.getElementsByTagName('parsererror').length > 0) return false;
  if (!xmlTreeIsInert(root)) return false;

  const svgOnly = text.slice(text.search(/<svg[\s>]/i));
  purify.sanitize(svgOnly, { USE_PROFILES: { svg: true, svgFilters: true } });
  // DOMPurify reports the <body> it parsed into as removed; anything else means the SVG was not clean.
  return purify.removed.every((entry) => 'element' in entry && entry.element?.nodeName === 'BODY');
}

function xmlTreeIsInert(root: Element): boolean {
  for (const element of [root, ...root.getElementsByTagName('*')]) {
    if (ACTIVE_ELEMENTS.has(element.localName.toLowerCase())) return false;
    for (const attribute of element.attributes) {
      if (attribute.localName.toLowerCase().startsWith('on')) return false;
      // Parsed values: entities and character references are already decoded here.
      if (SCRIPT_URL.test(attribute.value.replace(/[\s\p{Cc}]+/gu, ''))) return false;
    }
  }
  return true;
}
