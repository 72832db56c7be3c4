import { run } from './run-main.js';

void run();
