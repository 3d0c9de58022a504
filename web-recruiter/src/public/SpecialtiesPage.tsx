import { SPECIALTIES_A_TO_Z } from '@healthtal/contracts';
import { Container, Grid, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { groupByInitial } from './public-site';

/** Specialties A–Z: each specialty links to a search for it. */
export function SpecialtiesPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Specialties A–Z
      </Typography>
      <Grid container spacing={3}>
        {groupByInitial(SPECIALTIES_A_TO_Z).map(([letter, names]) => (
          <Grid
            key={letter}
            size={{ xs: 12, sm: 6, md: 3 }}
            component="section"
            aria-labelledby={`letter-${letter}`}
          >
            <Typography id={`letter-${letter}`} variant="h5" component="h2">
              {letter}
            </Typography>
            <List dense>
              {names.map((name) => (
                <ListItem key={name} disableGutters>
                  <Link component={RouterLink} to={`/search?specialty=${encodeURIComponent(name)}`}>
                    {name}
                  </Link>
                </ListItem>
              ))}
            </List>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
