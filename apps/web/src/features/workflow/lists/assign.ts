import { TaskStatus } from '@medalliance/contract';

/** The nodes an instance waits on, once each, from its waiting tasks (the list row carries only their names). */
export function waitingNodes(tasks: { nodeId: string; nodeName: string; status: number }[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const task of tasks) if (task.status === TaskStatus.waiting && !seen.has(task.nodeId)) seen.set(task.nodeId, task.nodeName);
  return [...seen].map(([id, name]) => ({ id, name }));
}
