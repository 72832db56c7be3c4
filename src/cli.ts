#!/usr/bin/env node
import { main } from './cli/command-line.js';

void main(process.argv.slice(2)).then((status) => {
  process.exitCode = status;
});
