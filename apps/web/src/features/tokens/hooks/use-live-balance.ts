// Token balance live changes (marketplace §4): a successful bid and a lead-bidder update
// (the refund after being outbid) set the signed-in member's balance.
import type { User } from '@bidboard/shared';
import { useEffect } from 'react';
import { useAuth } from '@/features/auth';
import { useRealtimeStatus } from '@/features/realtime';
import { getRealtimeSocket } from '@/lib/socket';

/** Redeemable tokens are part of the balance and never exceed it (product rules). */
export function withBalance(user: User, tokenBalance: number): User {
  return {
    ...user,
    tokenBalance,
    redeemableTokens: Math.min(user.redeemableTokens, Math.max(0, tokenBalance)),
  };
}

export function useLiveBalance(): void {
  const { state, updateUser } = useAuth();
  const userId = state.status === 'authenticated' ? state.user.id : null;
  useRealtimeStatus();
  const socket = getRealtimeSocket();

  useEffect(() => {
    if (!socket || userId === null) return;
    const handleBid = (p: { bid: { user_id: number }; tokenBalance: number }) => {
      if (p.bid.user_id === userId) updateUser((u) => withBalance(u, p.tokenBalance));
    };
    const handleLead = (p: { userId: number; tokenBalance: number }) => {
      if (p.userId === userId) updateUser((u) => withBalance(u, p.tokenBalance));
    };
    socket.on('bidSuccess', handleBid);
    socket.on('leadBidderUpdate', handleLead);
    return () => {
      socket.off('bidSuccess', handleBid);
      socket.off('leadBidderUpdate', handleLead);
    };
  }, [socket, userId, updateUser]);
}
