import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin names a DataTable row's select checkbox on the checkbox (the root), not on the input a
 * screen reader focuses: a checkbox's own `aria-label` names its input too.
 */
const checkboxInputNamed = (ownerState: object) => {
  const label = (ownerState as { 'aria-label'?: string })['aria-label'];
  return label ? { 'aria-label': label } : {};
};

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
  components: {
    ...defaultTheme.components,
    MuiCheckbox: { defaultProps: { slotProps: { input: checkboxInputNamed } } },
    // A spinner is a progressbar, which needs a name (axe): react-admin's loading indicator has none.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  },
};
