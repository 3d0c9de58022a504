import {
  ACCEPTED_IMAGE_TYPES,
  isSiteImageKey,
  SITE_SETTING_GROUPS,
  SITE_SETTING_KEYS,
  type SiteImageKey,
  type SiteSettingGroup,
  type SiteSettingKey,
  SiteSettingMessages,
  type SiteSettingRow,
} from '@healthtal/contracts';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { type DragEvent, useState } from 'react';
import { ListBase, Title, useListContext, useUpdate } from 'react-admin';
import { imageFileProblem, RECOMMENDED_IMAGE_SIZES } from '../admin-console';
import type { SiteSettingChange } from '../api';
import { failureText, useToast } from '../notify';

const TAB_LABELS: Record<SiteSettingGroup, string> = {
  visual: 'Visual Assets',
  seo: 'SEO & Search',
  social: 'Social Media',
};

const LABELS: Record<SiteSettingKey, string> = {
  favicon_url: 'Favicon',
  site_logo_url: 'Site Logo',
  site_icon_url: 'Site Icon',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
  seo_keywords: 'SEO Keywords',
  google_search_title: 'Google Search Title',
  google_search_description: 'Google Search Description',
  seo_image_url: 'SEO/OG Image',
  social_facebook_image: 'Facebook Share Image',
  social_twitter_image: 'Twitter Share Image',
  social_linkedin_image: 'LinkedIn Share Image',
};

const MULTILINE = new Set<SiteSettingKey>(['seo_description', 'google_search_description', 'seo_keywords']);

const specOrder = (a: SiteSettingRow, b: SiteSettingRow) =>
  SITE_SETTING_KEYS.indexOf(a.key) - SITE_SETTING_KEYS.indexOf(b.key);

/** The three tabs of image cards and text settings, from the list's twelve rows. */
function SettingCards() {
  const [tab, setTab] = useState<SiteSettingGroup>('visual');
  const { data, isPending, error } = useListContext<SiteSettingRow>();
  const rows = [...(data ?? [])].sort(specOrder);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Website Settings" />
      <Tabs
        value={tab}
        onChange={(_event, next: SiteSettingGroup) => setTab(next)}
        aria-label="Setting groups"
      >
        {SITE_SETTING_GROUPS.map((group) => (
          <Tab key={group} value={group} label={TAB_LABELS[group]} />
        ))}
      </Tabs>
      <CardContent>
        {isPending ? <CircularProgress /> : null}
        {error ? (
          <Alert severity="error">
            {SiteSettingMessages.loadFailed}: {failureText(error, '')}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
          {rows
            .filter((row) => row.group === tab)
            .map((row) =>
              isSiteImageKey(row.key) ? (
                <ImageCard key={row.key} row={row} imageKey={row.key} />
              ) : (
                <TextSettingCard key={row.key} row={row} />
              ),
            )}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Website Settings (/admin-settings): the `site-settings` resource's twelve rows, each saved alone
 * with react-admin's `useUpdate`, which puts the saved row in the list.
 */
export function SiteSettingList() {
  return (
    <ListBase resource="site-settings" perPage={100} disableSyncWithLocation>
      <SettingCards />
    </ListBase>
  );
}

function TextSettingCard({ row }: { row: SiteSettingRow }) {
  const [value, setValue] = useState(row.value);
  const [update, { isPending: saving }] = useUpdate<SiteSettingRow>();
  const toast = useToast();
  // The answer is the row as the command left it (trimmed), whether or not the read model has it yet.
  const save = () =>
    update(
      'site-settings',
      { id: row.id, data: { value }, previousData: row },
      {
        onSuccess: () => toast(SiteSettingMessages.saved, LABELS[row.key]),
        onError: (error) => toast(SiteSettingMessages.saveFailed, failureText(error, ''), 'error'),
      },
    );
  return (
    <Card variant="outlined">
      <CardContent>
        <TextField
          label={LABELS[row.key]}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          fullWidth
          multiline={MULTILINE.has(row.key)}
          minRows={MULTILINE.has(row.key) ? 3 : undefined}
        />
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={save}
          disabled={saving || value === row.value}
          aria-label={`Save ${LABELS[row.key]}`}
        >
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </CardActions>
    </Card>
  );
}

/** Preview, View, Remove, and click-or-drag upload; the recommended size where the spec gives one. */
function ImageCard({ row, imageKey }: { row: SiteSettingRow; imageKey: SiteImageKey }) {
  const [update, { isPending: busy }] = useUpdate();
  const [dragging, setDragging] = useState(false);
  const toast = useToast();
  const label = LABELS[row.key];
  const accept = ACCEPTED_IMAGE_TYPES[imageKey].map((ext) => `.${ext}`).join(',');
  const inputId = `upload-${row.key}`;

  /** The data provider uploads a File and removes the image for null (see SiteSettingChange). */
  const change = (image: File | null, done: string, failed: string) =>
    update(
      'site-settings',
      { id: row.id, data: { image } satisfies SiteSettingChange, previousData: row },
      {
        onSuccess: () => toast(done, label),
        onError: (error) => toast(failed, failureText(error, ''), 'error'),
      },
    );

  const upload = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast(SiteSettingMessages.uploadFailed, problem, 'error');
      return;
    }
    change(file, SiteSettingMessages.imageUploaded, SiteSettingMessages.uploadFailed);
  };

  const remove = () => change(null, SiteSettingMessages.imageRemoved, SiteSettingMessages.deleteFailed);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    upload(event.dataTransfer.files[0]);
  };

  return (
    <Card variant="outlined" aria-label={label} component="section">
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {label}
        </Typography>
        {RECOMMENDED_IMAGE_SIZES[row.key] ? (
          <Typography variant="caption" color="text.secondary">
            Recommended size: {RECOMMENDED_IMAGE_SIZES[row.key]}
          </Typography>
        ) : null}
        <Box
          sx={{
            mt: 1,
            height: 140,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {row.value ? (
            <img src={row.value} alt={`${label} preview`} style={{ maxHeight: 130, maxWidth: '100%' }} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No image
            </Typography>
          )}
        </Box>
        <Box
          component="label"
          htmlFor={inputId}
          onDragOver={(event: DragEvent) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid={`dropzone-${row.key}`}
          sx={{
            mt: 1,
            p: 2,
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            justifyContent: 'center',
            border: '2px dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 1,
            cursor: 'pointer',
          }}
        >
          {busy ? <CircularProgress size={20} /> : <CloudUploadIcon color="action" />}
          <Typography variant="body2">Click or drag an image here</Typography>
          <input
            id={inputId}
            type="file"
            accept={accept}
            hidden
            aria-label={`Upload ${label}`}
            onChange={(event) => {
              upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Box>
      </CardContent>
      <CardActions>
        {row.value ? (
          <Button component="a" href={row.value} target="_blank" rel="noreferrer">
            View
          </Button>
        ) : (
          <Button disabled>View</Button>
        )}
        <Button color="error" onClick={remove} disabled={!row.value || busy}>
          Remove
        </Button>
      </CardActions>
    </Card>
  );
}
