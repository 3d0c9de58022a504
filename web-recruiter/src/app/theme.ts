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
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid #f59e0b', outlineOffset: 2 } },
      },
    },
  },
});
