// Set-up of every E2E file: the browser's recording (flight-recorder.ts) starts afresh with each
// test and, when the test fails, joins its errors — so it is printed with the failure, in the
// summary at the end of the run, where CI's log shows it.
import { beforeEach } from 'vitest';
import { recording, resetRecording } from './flight-recorder.ts';

beforeEach(({ onTestFailed }) => {
  resetRecording();
  onTestFailed(async ({ task }) => {
    const text = await recording();
    task.result?.errors?.push({ name: 'BrowserRecording', message: text, stack: '' });
  });
});
