// Query keys of the console; every admin action invalidates the whole `admin` tree, so
// the overview counts and queues never show a state the action just changed.
export const adminKey = ['admin'] as const;
