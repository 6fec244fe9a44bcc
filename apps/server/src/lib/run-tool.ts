// Runs a media tool (ffmpeg, ffprobe) on bytes piped to its stdin and collects its stdout:
// the voice-answer probe and the verification video's frames share one way to spawn, bound
// in time and tell "the tool refused the input" from "the tool could not run".
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** The tool ran and exited non-zero: it refused the input. */
export class ToolFailed extends Error {}

export interface RunToolOptions {
  /** A stuck tool is killed after this long. */
  timeoutMs: number;
  /** Background work: requests win a core whenever both want one. */
  lowPriority?: boolean;
}

/**
 * Resolves with the tool's stdout when it exits 0; rejects with ToolFailed when it exits
 * otherwise (stderr's tail in the message), or with the spawn error when it cannot run.
 */
export function runTool(
  command: string,
  args: string[],
  input: Buffer,
  options: RunToolOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    if (options.lowPriority) {
      // 19, the lowest priority; threads the tool starts later inherit it.
      try {
        if (child.pid) setPriority(child.pid, 19);
      } catch {
        // Not permitted here: it runs at normal priority.
      }
    }
    const chunks: Buffer[] = [];
    let errors = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new ToolFailed(`${command} exited with ${code}: ${errors.trim()}`));
    });
    // A tool that stops reading early (it has enough) closes stdin: not an error.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
