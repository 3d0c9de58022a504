import { refresh } from '../../../web-shared/src/refresh';

export const session = refresh;
