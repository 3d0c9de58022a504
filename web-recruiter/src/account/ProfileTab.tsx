import { AuthMessages, ProfileRequest } from '@healthtal/contracts';
import { Button, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { api } from '../app/api';
import { useAuth } from '../app/auth';
import { errorsFromServer, fieldErrorsOf } from '../app/forms';
import { useToast } from '../app/toast';

/** Name and bio are saved for real; the email is the login and read-only; demo accounts read only. */
export function ProfileTab() {
  const auth = useAuth();
  const toast = useToast();
  const readOnly = auth.me?.demo.isDemo ?? true;
  const [name, setName] = useState(auth.me?.user.name ?? '');
  const [bio, setBio] = useState(auth.me?.user.bio ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ProfileRequest.safeParse({ name, bio });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
    setSaving(true);
    try {
      await api('/api/v1/me/profile', { method: 'PUT', json: parsed.data });
      await auth.reload();
      setErrors({});
      toast(AuthMessages.profileUpdated);
    } catch (error) {
      setErrors(errorsFromServer(error, 'Your profile could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate>
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        disabled={readOnly}
        error={Boolean(errors.name)}
        helperText={errors.name}
      />
      <TextField
        label="Email"
        value={auth.me?.user.email ?? ''}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="Your email is your login and cannot be changed here."
      />
      <TextField
        label="Bio"
        value={bio}
        onChange={(e) => setBio(e.target.value)}
        disabled={readOnly}
        multiline
        minRows={3}
        error={Boolean(errors.bio)}
        helperText={errors.bio ?? errors.form}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={readOnly || saving}
        sx={{ alignSelf: 'flex-start' }}
      >
        {saving ? 'Saving…' : 'Save Changes'}
      </Button>
    </Stack>
  );
}
