import type { EmailTemplate } from '@healthtal/contracts';
import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';

type Props = {
  templates: readonly EmailTemplate[] | undefined;
  onLoad: (template: EmailTemplate) => void;
  label?: string;
};

/**
 * "Use a saved template": the subject and body of one of the recruiter's templates. The picker
 * keeps showing the template last loaded (issue 37: it showed blank). Nothing without templates.
 */
export function TemplatePicker({ templates, onLoad, label = 'Use a saved template' }: Props) {
  const [chosen, setChosen] = useState('');
  if (!templates || templates.length === 0) return null;
  const load = (id: string) => {
    const template = templates.find((t) => t.id === id);
    if (!template) return;
    setChosen(id);
    onLoad(template);
  };
  return (
    <TextField
      select
      label={label}
      value={templates.some((t) => t.id === chosen) ? chosen : ''}
      onChange={(e) => load(e.target.value)}
    >
      {templates.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
