// What other modules use of the audit log: every admin action calls recordAdminAction
// with the transaction that performs it.
export { type AdminAction, recordAdminAction } from './audit.service';
