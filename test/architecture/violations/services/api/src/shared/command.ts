import { problem } from '../http/problem';

export const command = () => problem;
