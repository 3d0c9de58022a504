import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export function AboutPage() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        About HealthTal
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        HealthTal is a directory of about 1.5 million US healthcare professionals built for recruiters:
        nurses, physicians, nurse practitioners, physician assistants, pharmacists, therapists and more, with
        verified emails and phones.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        We keep the data honest: every card says when its email was last verified, professionals can submit
        their own resume or have their data removed, and every reveal and export leaves an audit trail.
      </Typography>
      <Button component={RouterLink} to="/pricing" variant="contained">
        See pricing
      </Button>
    </Container>
  );
}
