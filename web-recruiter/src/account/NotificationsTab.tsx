import { AuthMessages, type NotificationPreferences } from '@healthtal/contracts';
import { FormControlLabel, FormGroup, Switch } from '@mui/material';
import { useState } from 'react';
import { api } from '../app/api';
import { useAuth } from '../app/auth';
import { useToast } from '../app/toast';

const LABELS: Record<keyof NotificationPreferences, string> = {
  marketing: 'Marketing emails',
  newFeatures: 'New feature announcements',
  securityAlerts: 'Security alerts',
};

/** Three toggles, all on by default, each saved as it changes. */
export function NotificationsTab() {
  const auth = useAuth();
  const toast = useToast();
  const [prefs, setPrefs] = useState<NotificationPreferences>(
    auth.me?.notifications ?? { marketing: true, newFeatures: true, securityAlerts: true },
  );
  const disabled = auth.me?.demo.isDemo ?? true;

  const change = async (key: keyof NotificationPreferences, value: boolean) => {
    const next = { ...prefs, [key]: value };
    setPrefs(next);
    try {
      await api('/api/v1/me/notifications', { method: 'PUT', json: next });
      toast(AuthMessages.preferenceUpdated);
    } catch {
      setPrefs(prefs);
      toast('Your preference could not be saved. Please try again.', 'error');
    }
  };

  return (
    <FormGroup>
      {(Object.keys(LABELS) as (keyof NotificationPreferences)[]).map((key) => (
        <FormControlLabel
          key={key}
          control={
            <Switch
              checked={prefs[key]}
              disabled={disabled}
              onChange={(e) => change(key, e.target.checked)}
            />
          }
          label={LABELS[key]}
        />
      ))}
    </FormGroup>
  );
}
