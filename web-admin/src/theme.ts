import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme in HealthTal's blue. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d3c61' } },
};
