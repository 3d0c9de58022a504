import { Box, Button, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Login, useLogin, useNotify } from 'react-admin';
import type { LoginForm } from './authProvider';

/** Sign-in with the account's email and password, the same account as the recruiter app. */
function EmailPasswordForm() {
  const login = useLogin();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form: LoginForm = { email: String(data.get('email')), password: String(data.get('password')) };
    setBusy(true);
    try {
      await login(form);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Failed to log in.', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <CardContent component="form" onSubmit={submit} sx={{ width: 320 }}>
      <Typography variant="h6" component="h1" align="center" gutterBottom>
        HealthTal Admin
      </Typography>
      <TextField
        name="email"
        type="email"
        label="Email"
        autoComplete="username"
        required
        fullWidth
        margin="dense"
      />
      <TextField
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        fullWidth
        margin="dense"
      />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" fullWidth disabled={busy}>
          {busy ? <CircularProgress size={20} color="inherit" /> : 'Sign in'}
        </Button>
      </Box>
    </CardContent>
  );
}

export const LoginPage = () => (
  <Login>
    <EmailPasswordForm />
  </Login>
);
