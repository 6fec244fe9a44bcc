// Socket.IO room and event names shared by the server and the web client (no zod: the
// web uses them at run time without the schema library).
export function auctionRoom(auctionId: number): string {
  return `auction_${auctionId}`;
}

/** The auction whose room this is; null for any other room. */
export function auctionOfRoom(room: string): number | null {
  const match = /^auction_(\d+)$/.exec(room);
  return match ? Number(match[1]) : null;
}

/** Room every member joins for events addressed to them alone. */
export function userRoom(userId: number): string {
  return `user_${userId}`;
}

export const CONNECTION_EVENTS = [
  'connectionAccepted',
  'connectionRejected',
  'connectionExpired',
  'connectionReward',
  'connectionUnmatched',
] as const;
export type ConnectionEventName = (typeof CONNECTION_EVENTS)[number];
