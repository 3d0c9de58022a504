import { Box, ButtonBase } from '@mui/material';
import { type KeyboardEvent, useRef } from 'react';

type Props<T extends string> = {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  compact?: boolean;
};

/** The tab a key moves to, from tab `at` of `count`. */
const TARGET: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * A row of tabs (the WAI-ARIA tabs pattern: arrows, Home and End move between them, Enter or Space
 * or a click chooses) whose chosen tab is underlined by its own border. MUI's Tabs measure the page
 * for their sliding indicator as they mount, which forced a layout of the whole results page
 * before its first paint (26–46 ms of a first visit on this machine, issue 17).
 */
export function ViewTabs<T extends string>({ label, tabs, value, onChange, compact = false }: Props<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const target = TARGET[event.key];
    if (!target) return;
    event.preventDefault();
    refs.current[target(index, tabs.length)]?.focus();
  };
  return (
    <Box role="tablist" aria-label={label} sx={{ display: 'flex', flexShrink: 0 }}>
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => move(event, index)}
            sx={{
              minHeight: compact ? 40 : 48,
              px: 2,
              typography: 'button',
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              '&.Mui-focusVisible': { bgcolor: 'action.focus' },
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
