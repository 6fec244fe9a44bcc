// The local vision adapter: forks the model process (vision-process) on first use and
// hands it one image at a time, interactive work before background work. A process that
// dies (out of memory, killed) fails the task it held and is forked again for the next,
// except while the server drains: a SIGTERM to the whole process group (systemd's
// control-group stop, Ctrl-C) kills the model process too, and a new one would load the
// models for seconds while the close waits for its task. Tasks then fail at once.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  AnalyzeOptions,
  ImageAnalysis,
  Vision,
  VisionInput,
  VisionStats,
} from './vision.port';
import type { VisionRequest, VisionResponse } from './vision-process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The model process beside this module: TypeScript in the source tree, JavaScript in dist/. */
export function visionProcessPath(): string {
  const source = path.join(here, 'vision-process.ts');
  return existsSync(source) ? source : path.join(here, 'vision-process.js');
}

/** Loading the models takes seconds on a busy machine; one image well under one. */
const TASK_TIMEOUT_MS = 120_000;

type TaskRequest = VisionRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never;

interface Task {
  request: TaskRequest;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface LocalVisionOptions {
  /** True once the server drains for a shutdown: no model process is started from then on. */
  draining?: () => boolean;
}

export class LocalVision implements Vision {
  private readonly draining: () => boolean;
  private child: ChildProcess | null = null;
  private readonly interactive: Task[] = [];
  private readonly background: Task[] = [];
  private current: { id: number; task: Task; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;
  private closed = false;

  constructor(options: LocalVisionOptions = {}) {
    this.draining = options.draining ?? (() => false);
  }

  analyze(image: VisionInput, options: AnalyzeOptions): Promise<ImageAnalysis> {
    return this.enqueue(
      { type: 'analyze', image, faces: options.faces, nudity: options.nudity },
      options.priority,
    ) as Promise<ImageAnalysis>;
  }

  async warm(): Promise<void> {
    // A one-pixel image asks for nothing, but the models load before any task runs.
    await this.analyze(
      { data: new Uint8Array(3), width: 1, height: 1 },
      { faces: false, nudity: false, priority: 'background' },
    );
  }

  async stats(): Promise<VisionStats> {
    if (!this.child) return { rss: 0, loaded: false };
    return this.enqueue({ type: 'stats' }, 'interactive') as Promise<VisionStats>;
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = [...this.interactive.splice(0), ...this.background.splice(0)];
    for (const task of pending) task.reject(new Error('vision closed'));
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.ref();
      child.kill();
      await exited;
    }
  }

  private enqueue(request: Task['request'], priority: AnalyzeOptions['priority']) {
    if (this.closed) return Promise.reject(new Error('vision closed'));
    return new Promise<unknown>((resolve, reject) => {
      (priority === 'interactive' ? this.interactive : this.background).push({
        request,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  private pump() {
    if (this.current || this.closed) return;
    if (!this.child && this.draining()) {
      const pending = [...this.interactive.splice(0), ...this.background.splice(0)];
      for (const task of pending)
        task.reject(new Error('vision unavailable: the server is draining'));
      return;
    }
    const task = this.interactive.shift() ?? this.background.shift();
    if (!task) return;
    const child = this.ensureChild();
    const id = this.nextId++;
    const timer = setTimeout(() => {
      // A process that stops answering is replaced; its task fails and is retried by its owner.
      child.kill('SIGKILL');
    }, TASK_TIMEOUT_MS);
    this.current = { id, task, timer };
    // Held while a task is out, so a caller awaiting it keeps this process alive.
    child.channel?.ref();
    child.send({ ...task.request, id } as VisionRequest);
  }

  private settle(id: number, outcome: { ok: true; value: unknown } | { ok: false; error: Error }) {
    if (!this.current || this.current.id !== id) return;
    const { task, timer } = this.current;
    clearTimeout(timer);
    this.current = null;
    if (outcome.ok) task.resolve(outcome.value);
    else task.reject(outcome.error);
    this.pump();
    if (!this.current) this.child?.channel?.unref();
  }

  private ensureChild(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(visionProcessPath(), [], {
      // The parent's flags (a test runner's loaders, inspectors) are not the model's.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (message: VisionResponse) => {
      this.settle(
        message.id,
        message.ok
          ? { ok: true, value: message.result }
          : { ok: false, error: new Error(message.error) },
      );
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.current) {
        this.settle(this.current.id, {
          ok: false,
          error: new Error(`vision process exited (${signal ?? code})`),
        });
      }
    });
    // An idle model process never keeps the server from exiting.
    child.unref();
    this.child = child;
    return child;
  }
}
