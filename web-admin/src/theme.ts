import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme in HealthTal's blue. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#0d3c61' },
    // Darker than MUI's red, so red text stays readable on a selected (tinted) table row.
    error: { main: '#c62828' },
  },
};
