// Token balance live changes (marketplace §4): a successful bid and a lead-bidder update
// (the refund after being outbid) set the signed-in member's balance; a connection event
// carrying balances (a reward, a refund after a rejection, expiry or unmatch) and a balance
// update (purchase, redemption and its outcome, reversal, adjustment) set both, and the
// transaction history is refetched so its new row shows.
import {
  type BalanceUpdate,
  CONNECTION_EVENTS,
  type ConnectionEvent,
  type User,
} from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
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
    const handleConnection = (p: ConnectionEvent) => {
      const { tokenBalance, redeemableTokens } = p;
      if (tokenBalance === undefined) return;
      updateUser((u) => ({
        ...u,
        tokenBalance,
        redeemableTokens: redeemableTokens ?? Math.min(u.redeemableTokens, tokenBalance),
      }));
      void queryClient.invalidateQueries({ queryKey: ['tokens', 'transactions'] });
    };
    const handleBalance = (p: BalanceUpdate) => {
      if (p.userId !== userId) return;
      updateUser((u) => ({
        ...u,
        tokenBalance: p.tokenBalance,
        redeemableTokens: p.redeemableTokens,
      }));
      void queryClient.invalidateQueries({ queryKey: ['tokens', 'transactions'] });
    };
    socket.on('bidSuccess', handleBid);
    socket.on('leadBidderUpdate', handleLead);
    socket.on('balanceUpdate', handleBalance);
    for (const name of CONNECTION_EVENTS) socket.on(name, handleConnection);
    return () => {
      socket.off('bidSuccess', handleBid);
      socket.off('leadBidderUpdate', handleLead);
      socket.off('balanceUpdate', handleBalance);
      for (const name of CONNECTION_EVENTS) socket.off(name, handleConnection);
    };
  }, [socket, userId, updateUser, queryClient]);
}
