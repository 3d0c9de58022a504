import {
  ACCEPTED_IMAGE_TYPES,
  imageFileProblem,
  isSiteImageKey,
  RECOMMENDED_IMAGE_SIZES,
  SITE_SETTING_GROUPS,
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
import { type DragEvent, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { adminApi } from '../api';
import { failureText, useToast } from '../notify';
import { useLoad } from '../useLoad';

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

/** Website Settings (/admin-settings): three tabs of image cards and text settings, each saved alone. */
export function SiteSettings() {
  const [tab, setTab] = useState<SiteSettingGroup>('visual');
  const settings = useLoad(adminApi.siteSettings, 'site-settings');
  const [rows, setRows] = useState<SiteSettingRow[]>([]);
  useEffect(() => setRows(settings.data ?? []), [settings.data]);
  const replace = (row: SiteSettingRow) =>
    setRows((current) => current.map((r) => (r.key === row.key ? row : r)));

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
        {settings.loading && rows.length === 0 ? <CircularProgress /> : null}
        {settings.error ? (
          <Alert severity="error">
            {SiteSettingMessages.loadFailed}: {failureText(settings.error, '')}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
          {rows
            .filter((row) => row.group === tab)
            .map((row) =>
              isSiteImageKey(row.key) ? (
                <ImageCard key={row.key} row={row} imageKey={row.key} onChange={replace} />
              ) : (
                <TextSettingCard key={row.key} row={row} onChange={replace} />
              ),
            )}
        </Box>
      </CardContent>
    </Card>
  );
}

function TextSettingCard({ row, onChange }: { row: SiteSettingRow; onChange(row: SiteSettingRow): void }) {
  const [value, setValue] = useState(row.value);
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const save = async () => {
    setSaving(true);
    try {
      const saved = await adminApi.saveSetting(row.key, value);
      // The answer is read from the read model, which may not have the change yet; the server trims.
      onChange({ ...saved, value: value.trim() });
      toast(SiteSettingMessages.saved, LABELS[row.key]);
    } catch (error) {
      toast(SiteSettingMessages.saveFailed, failureText(error, ''), 'error');
    } finally {
      setSaving(false);
    }
  };
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
function ImageCard({
  row,
  imageKey,
  onChange,
}: {
  row: SiteSettingRow;
  imageKey: SiteImageKey;
  onChange(row: SiteSettingRow): void;
}) {
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const toast = useToast();
  const label = LABELS[row.key];
  const accept = ACCEPTED_IMAGE_TYPES[imageKey].map((ext) => `.${ext}`).join(',');
  const inputId = `upload-${row.key}`;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast(SiteSettingMessages.uploadFailed, problem, 'error');
      return;
    }
    setBusy(true);
    try {
      onChange(await adminApi.uploadImage(row.key, file));
      toast(SiteSettingMessages.imageUploaded, label);
    } catch (error) {
      toast(SiteSettingMessages.uploadFailed, failureText(error, ''), 'error');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      onChange(await adminApi.removeImage(row.key));
      toast(SiteSettingMessages.imageRemoved, label);
    } catch (error) {
      toast(SiteSettingMessages.deleteFailed, failureText(error, ''), 'error');
    } finally {
      setBusy(false);
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
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
              void upload(event.target.files?.[0]);
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
