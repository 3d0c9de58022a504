import { type EmailTemplate, OutreachMessages as M, templateExcerpt } from '@healthtal/contracts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Chip, CircularProgress, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useToast } from '../app/toast';
import { shortDate } from '../directory/candidate-card';
import { titled } from '../directory/search/search-screen';
import { useDeleteTemplate, useEmailTemplates } from './outreach-api';

/** Saved Templates (admin-intake-outreach §2): badges, a 150-character excerpt, Load and delete. */
export function SavedTemplatesPanel({ onLoad }: { onLoad: (template: EmailTemplate) => void }) {
  const toast = useToast();
  const templates = useEmailTemplates();
  const remove = useDeleteTemplate();

  useEffect(() => {
    if (!templates.isError) return;
    // No answer at all (offline, a dropped connection: fetch rejects with a TypeError): "Connection
    // Error"; the server answered with a failure: "Database Error" (spec §8 names both).
    toast(
      templates.error instanceof TypeError
        ? titled(M.connectionErrorTitle, M.connectionError)
        : titled(M.databaseErrorTitle, M.databaseError),
      'error',
    );
  }, [templates.isError, templates.error, toast]);

  const del = async (template: EmailTemplate) => {
    try {
      await remove.mutateAsync(template.id);
      toast(M.templateDeleted);
    } catch {
      toast(M.deleteFailed, 'error');
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      component="section"
      aria-labelledby="saved-templates-title"
    >
      <Typography variant="h6" component="h2" id="saved-templates-title" gutterBottom>
        Saved Templates
      </Typography>
      {templates.isPending ? <CircularProgress aria-label="Loading templates" /> : null}
      {templates.data?.length === 0 ? <Typography color="text.secondary">{M.noTemplates}</Typography> : null}
      <Stack spacing={1.5}>
        {templates.data?.map((template) => (
          <Box
            key={template.id}
            component="article"
            aria-label={template.name}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }}>{template.name}</Typography>
              <Chip size="small" label={template.tone} />
              <Chip size="small" label={template.length} />
              <Chip size="small" label={template.positionType} />
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {shortDate(template.createdAt)} · {template.subject}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {templateExcerpt(template.body)}
            </Typography>
            <Stack direction="row" sx={{ mt: 1, alignItems: 'center' }}>
              <Button size="small" onClick={() => onLoad(template)} aria-label={`Load ${template.name}`}>
                Load
              </Button>
              <Box sx={{ flex: 1 }} />
              <IconButton aria-label={`Delete ${template.name}`} onClick={() => void del(template)}>
                <DeleteOutline />
              </IconButton>
            </Stack>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
