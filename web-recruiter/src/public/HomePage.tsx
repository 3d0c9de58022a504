import { FALLBACK_HOME_SPECIALTIES, type SpecialtyName, SpecialtyNames } from '@healthtal/contracts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../app/api';
import { RevealQuotaNote } from '../billing/RevealQuotaNote';
import {
  CAROUSEL_SCROLL_SECONDS,
  CUSTOMER_TYPES,
  HOME_BENEFITS,
  HOME_FAQ,
  HOME_METRICS,
  homeSpecialties,
} from './public-site';

/** Home: hero, customer carousel, a static search preview, metrics, FAQ, calls to action, specialties. */
export function HomePage() {
  return (
    <>
      <Hero />
      <CustomerCarousel />
      <Container sx={{ py: 6 }}>
        <SearchPreview />
        <Metrics />
        <Benefits />
        <Specialties />
        <Faq />
        <CallToAction />
      </Container>
    </>
  );
}

function Hero() {
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 6, md: 10 } }}>
      <Container>
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '2.2rem', md: '3.4rem' } }}
        >
          Direct access to 1.5 million US healthcare professionals
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 2, maxWidth: 720, opacity: 0.9 }}>
          Search nurses, physicians, NPs, PAs, pharmacists and therapists with a dozen filters, reveal
          verified emails and phones, and reach out the same day.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          <Button component={RouterLink} to="/signup" variant="contained" color="secondary" size="large">
            Get Started
          </Button>
          <Button component={RouterLink} to="/search" variant="outlined" color="inherit" size="large">
            Search the directory
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

function CustomerCarousel() {
  // Two copies side by side scroll as one endless band; reduced-motion users get a still row.
  const band = [0, 1].flatMap((copy) => CUSTOMER_TYPES.map((type) => ({ copy, type })));
  return (
    <Box
      component="section"
      aria-label="Who uses HealthTal"
      sx={{ overflow: 'hidden', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2 }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 4,
          width: 'max-content',
          animation: `ht-scroll ${CAROUSEL_SCROLL_SECONDS}s linear infinite`,
          '@keyframes ht-scroll': {
            from: { transform: 'translateX(0)' },
            to: { transform: 'translateX(-50%)' },
          },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {band.map(({ copy, type }) => (
          <Typography
            key={`${copy}-${type}`}
            color="text.secondary"
            sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
            aria-hidden={copy === 1}
          >
            {type}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** Sample cards: each badge a specialty of the taxonomy, so it names a group the directory has. */
const PREVIEW_CARDS: readonly { name: string; title: string; place: string; specialty: SpecialtyName }[] = [
  {
    name: 'Maria Lopez, RN',
    title: 'ICU Registered Nurse',
    place: 'Houston, TX',
    specialty: 'Nurse',
  },
  { name: 'James Carter, MD', title: 'Hospitalist', place: 'Columbus, OH', specialty: 'Internal Medicine' },
  {
    name: 'Priya Shah, NP',
    title: 'Family Nurse Practitioner',
    place: 'Phoenix, AZ',
    specialty: 'Nurse Practitioner',
  },
];

function SearchPreview() {
  return (
    <Box component="section" aria-labelledby="preview-heading" sx={{ mb: 6 }}>
      <Typography id="preview-heading" variant="h4" component="h2" gutterBottom>
        Find the right people in seconds
      </Typography>
      <Grid container spacing={2}>
        {PREVIEW_CARDS.map((card) => (
          <Grid key={card.name} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined">
              <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Avatar aria-hidden>{card.name.charAt(0)}</Avatar>
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{card.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {card.title} · {card.place}
                    </Typography>
                  </Box>
                </Stack>
                <Chip label={card.specialty} size="small" sx={{ mt: 2 }} />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  email verified 2 weeks ago
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function Metrics() {
  return (
    <Grid container spacing={2} component="section" aria-label="HealthTal in numbers" sx={{ mb: 4 }}>
      {HOME_METRICS.map((metric) => (
        <Grid key={metric.label} size={{ xs: 6, sm: 4, md: 2 }}>
          <Card variant="outlined" sx={{ textAlign: 'center', py: 2 }}>
            <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 700 }}>
              {metric.value}
            </Typography>
            <Typography color="text.secondary">{metric.label}</Typography>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function Benefits() {
  return (
    <Grid
      container
      spacing={3}
      component="section"
      aria-label="Why recruiters choose HealthTal"
      sx={{ mb: 6 }}
    >
      {HOME_BENEFITS.map((benefit) => (
        <Grid key={benefit.title} size={{ xs: 12, sm: 6, md: 3 }}>
          <Typography variant="h6" component="h3" gutterBottom>
            {benefit.title}
          </Typography>
          <Typography color="text.secondary">{benefit.text}</Typography>
        </Grid>
      ))}
      <Grid size={12}>
        <RevealQuotaNote sx={{ textAlign: 'center' }} />
      </Grid>
    </Grid>
  );
}

function Specialties() {
  const specialties = useQuery({
    queryKey: ['public', 'specialties'],
    queryFn: ({ signal }) => api('/api/v1/specialties', { schema: SpecialtyNames, signal }),
  });
  const names = specialties.data ? homeSpecialties(specialties.data) : [];
  const shown = names.length > 0 || specialties.isPending ? names : [...FALLBACK_HOME_SPECIALTIES];
  return (
    <Box component="section" aria-labelledby="specialties-heading" sx={{ mb: 6 }}>
      <Typography id="specialties-heading" variant="h4" component="h2" gutterBottom>
        Specialties in the directory
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {shown.map((name) => (
          <Chip
            key={name}
            label={name}
            component={RouterLink}
            to={`/search?specialty=${encodeURIComponent(name)}`}
            clickable
            variant="outlined"
          />
        ))}
      </Stack>
    </Box>
  );
}

function Faq() {
  return (
    <Box component="section" aria-labelledby="faq-heading" sx={{ mb: 6 }}>
      <Typography id="faq-heading" variant="h4" component="h2" gutterBottom>
        Frequently asked questions
      </Typography>
      {HOME_FAQ.map((item, index) => (
        <Accordion key={item.question} disableGutters slotProps={{ region: { id: `faq-answer-${index}` } }}>
          <AccordionSummary
            id={`faq-question-${index}`}
            aria-controls={`faq-answer-${index}`}
            expandIcon={<ExpandMoreIcon />}
          >
            <Typography sx={{ fontWeight: 600 }}>{item.question}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography color="text.secondary">{item.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function CallToAction() {
  return (
    <Card component="section" aria-label="Get started" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Hiring? Start searching today. Looking for work? Let recruiters find you.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 2 }}>
        <Button component={RouterLink} to="/signup" variant="contained" size="large">
          Get Started
        </Button>
        <Button component={RouterLink} to="/submit-resume" variant="outlined" size="large">
          Submit Your Resume
        </Button>
      </Stack>
    </Card>
  );
}
