import { createTheme } from '@mui/material';

/** HealthTal's look: a calm clinical blue, readable type, visible keyboard focus everywhere. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b5cad' },
    secondary: { main: '#0f766e' },
    background: { default: '#f7f9fc' },
  },
  shape: { borderRadius: 8 },
  typography: { button: { textTransform: 'none', fontWeight: 600 } },
  components: {
    // MUI's filled info and warning toasts put white text on 3–4:1 backgrounds (axe: serious);
    // darker shades of the same hues read at 7:1.
    MuiAlert: {
      variants: [
        {
          props: { variant: 'filled', severity: 'info' },
          style: { backgroundColor: '#01579b', color: '#fff' },
        },
        {
          props: { variant: 'filled', severity: 'warning' },
          style: { backgroundColor: '#9a3412', color: '#fff' },
        },
      ],
    },
    // The outlined warning chip ("Email invalid") in MUI's orange reads at 3.11:1 on white (axe:
    // serious); the same dark orange as the warning toast reads at 7:1.
    MuiChip: {
      variants: [
        {
          props: { variant: 'outlined', color: 'warning' },
          style: { color: '#9a3412', borderColor: '#9a3412', '& .MuiChip-icon': { color: '#9a3412' } },
        },
      ],
    },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid #f59e0b', outlineOffset: 2 } },
      },
    },
  },
});
