// Socket.IO room names shared by the server and the web client (no zod: the web joins
// rooms at run time without the schema library).
export function auctionRoom(auctionId: number): string {
  return `auction_${auctionId}`;
}

/** Room every member joins for events addressed to them alone. */
export function userRoom(userId: number): string {
  return `user_${userId}`;
}
