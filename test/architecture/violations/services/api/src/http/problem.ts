import { command } from '../shared/command';

export const problem = () => command;
