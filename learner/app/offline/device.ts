/**
 * What the module page's study materials need of this device (use-study-materials.ts): the copy
 * of the learner's material, the outbox and syncing, over IndexedDB. One module the page loads
 * apart from its own code, once it is idle or at the learner's first write.
 */
export { queuedWrites, readSnapshot, recordAccepted, storeSnapshot } from './outbox';
export { notifyChanged, onChanged, queueAndSync } from './sync';
