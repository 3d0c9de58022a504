import { Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

/** Any unknown path: Go Back (browser history) and Return Home. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Container sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        The page you are looking for does not exist or has been moved.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button variant="outlined" onClick={() => navigate(-1)}>
          Go Back
        </Button>
        <Button variant="contained" component={RouterLink} to="/">
          Return Home
        </Button>
      </Stack>
    </Container>
  );
}
