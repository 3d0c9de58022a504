import { screen } from '../../web-admin/src/screen';

export const refresh = screen;
