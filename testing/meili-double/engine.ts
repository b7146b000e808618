import { MeiliError } from './meili-error.js';
import { newIndex, type IndexState } from './index-state.js';

export type TaskType = 'indexCreation' | 'indexUpdate' | 'indexDeletion' | 'documentAdditionOrUpdate' | 'documentDeletion' | 'settingsUpdate';

export interface Task {
  uid: number;
  batchUid: number | null;
  indexUid: string | null;
  status: 'enqueued' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  type: TaskType;
  canceledBy: null;
  details: Record<string, unknown>;
  error: ReturnType<MeiliError['toJSON']> | null;
  duration: string | null;
  enqueuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

interface QueuedTask {
  task: Task;
  /** Does the work; returns details to merge into the task. */
  run(): Record<string, unknown> | void;
}

/**
 * The double's state: indexes and the task queue. Writes are tasks, as on the real server: enqueued
 * at once, then processed one at a time in order, so a client has to wait for them (waitForTask).
 */
export class Engine {
  readonly indexes = new Map<string, IndexState>();
  readonly tasks: Task[] = [];
  private queue: QueuedTask[] = [];
  private processing = false;

  constructor(private readonly taskDelayMs = 0) {}

  index(uid: string): IndexState {
    const state = this.indexes.get(uid);
    if (!state) throw new MeiliError(404, 'index_not_found', `Index \`${uid}\` not found.`);
    return state;
  }

  /** The index, created with the given primary key when missing (adding documents does that). */
  indexOrCreate(uid: string, primaryKey: string | null): IndexState {
    let state = this.indexes.get(uid);
    if (!state) this.indexes.set(uid, (state = newIndex(uid, primaryKey)));
    return state;
  }

  enqueue(type: TaskType, indexUid: string | null, details: Record<string, unknown>, run: QueuedTask['run']): Omit<Task, 'uid'> & { taskUid: number } {
    const task: Task = {
      uid: this.tasks.length,
      batchUid: null,
      indexUid,
      status: 'enqueued',
      type,
      canceledBy: null,
      details,
      error: null,
      duration: null,
      enqueuedAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
    };
    this.tasks.push(task);
    this.queue.push({ task, run });
    this.schedule();
    const { uid, ...summary } = task;
    return { ...summary, taskUid: uid };
  }

  task(uid: number): Task {
    const task = this.tasks[uid];
    if (!task) throw new MeiliError(404, 'task_not_found', `Task \`${uid}\` not found.`);
    return task;
  }

  /** Resolves once every task enqueued so far has finished. */
  async idle(): Promise<void> {
    while (this.queue.length > 0 || this.processing) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private schedule(): void {
    if (this.processing) return;
    this.processing = true;
    setTimeout(() => this.processNext(), this.taskDelayMs);
  }

  private processNext(): void {
    const next = this.queue.shift();
    if (!next) {
      this.processing = false;
      return;
    }
    const { task } = next;
    const started = Date.now();
    task.status = 'processing';
    task.startedAt = new Date(started).toISOString();
    try {
      task.details = { ...task.details, ...(next.run() ?? {}) };
      task.status = 'succeeded';
    } catch (error) {
      task.status = 'failed';
      task.error = (error instanceof MeiliError ? error : new MeiliError(500, 'internal', String(error), 'internal')).toJSON();
    }
    task.finishedAt = new Date().toISOString();
    task.duration = `PT${((Date.now() - started) / 1000).toFixed(3)}S`;
    setTimeout(() => this.processNext(), this.taskDelayMs);
  }
}
