// The admin console's API (issue 11): overview figures, the member list and profile,
// approval decisions, the media review queue and the live auctions of the open period.
import { z } from 'zod';
import { FACE_CHECKS, MEDIA_REVIEW_STATUSES, PHOTO_SCREENINGS } from '../rules/media';
import { SUSPENSION_CATEGORIES } from '../rules/safety';
import { SCAM_SIGNALS } from '../rules/scam-guard';
import { idParam, pageQuery, safeText } from './common';
import { payeeIdentitySchema, payoutsYearToDateResponse } from './payees';
import { promptAnswerSchema } from './prompts';

export const ADMIN_MESSAGES = {
  reasonRequired: 'Give a reason',
  memberNotFound: 'Member not found',
  noMemberWithPhone: 'No member has this number',
  noMemberNamed: (username: string) => `No member named ${username}`,
  alreadyApproved: 'This member is already approved',
  mediaNotFound: 'Nothing to review with this id',
} as const;

/** A reason an admin types: shown to the member or kept in the audit log. */
export const adminReason = safeText({
  min: 1,
  max: 500,
  multiline: true,
  minMessage: ADMIN_MESSAGES.reasonRequired,
});

export const adminOverviewResponse = z.object({
  success: z.literal(true),
  now: z.string(),
  members: z.object({ total: z.number(), pending: z.number(), approved: z.number() }),
  period: z.object({ id: z.number(), start_time: z.string(), end_time: z.string() }).nullable(),
  live_auctions: z.number(),
  bids_this_period: z.number(),
  tokens_bid_this_period: z.number(),
  tokens_in_balances: z.number(),
  tokens_in_escrow: z.number(),
  purchases_waiting: z.number(),
  redemptions_waiting: z.number(),
});
export type AdminOverview = z.infer<typeof adminOverviewResponse>;

export const ADMIN_MEMBER_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'suspended',
  'deleted',
] as const;
export type AdminMemberStatus = (typeof ADMIN_MEMBER_STATUSES)[number];

/**
 * The members list's payee filter (issue 43): those with a payee profile, and those with a
 * redemption held until they complete one.
 */
export const ADMIN_PAYEE_FILTERS = [
  'all',
  'payee_profile_complete',
  'awaiting_payee_profile',
] as const;
export type AdminPayeeFilter = (typeof ADMIN_PAYEE_FILTERS)[number];

export const adminMembersQuery = pageQuery({ limit: 25, maxLimit: 100 }).extend({
  /** Part of a username or phone number. */
  q: safeText({ max: 50 }).optional(),
  status: z.enum(['all', ...ADMIN_MEMBER_STATUSES]).default('all'),
  payee: z.enum(ADMIN_PAYEE_FILTERS).default('all'),
});
export type AdminMembersQuery = z.infer<typeof adminMembersQuery>;

export const adminMemberSummary = z.object({
  id: z.number(),
  username: z.string().nullable(),
  phone_number: z.string().nullable(),
  status: z.enum(ADMIN_MEMBER_STATUSES),
  onboarded: z.boolean(),
  token_balance: z.number(),
  profile_picture: z.string().nullable(),
  created_at: z.string(),
  /** The member has a payee profile (legal name, address, taxpayer id, certification). */
  payee_profile_complete: z.boolean(),
  /** Their pending redemptions held until the payee profile is complete. */
  awaiting_payee_profile: z.number().int(),
});
export type AdminMemberSummary = z.infer<typeof adminMemberSummary>;

export const adminMembersResponse = z.object({
  success: z.literal(true),
  members: z.array(adminMemberSummary),
  total: z.number(),
});
export type AdminMembersResponse = z.infer<typeof adminMembersResponse>;

/**
 * What the models and members said about a member (issue 23), shown beside every review
 * and report so a moderator sees all of it in one place.
 */
export const riskSignalsSchema = z.object({
  /**
   * The verification face match: the best frame's similarity to the slot-1 photo;
   * 'no_consent' when the member declined biometric consent and nothing was measured.
   */
  face_match: z
    .enum(['pending', 'match', 'mismatch', 'no_face', 'no_photo', 'no_turn', 'no_consent'])
    .nullable(),
  face_match_score: z.number().nullable(),
  /** How far the head turned in the video (degrees); 'no_turn' when below the setting. */
  face_turn_degrees: z.number().nullable(),
  /** Another member whose verification shows a near-identical face. */
  duplicate: z
    .object({ user_id: z.number().nullable(), username: z.string().nullable(), score: z.number() })
    .nullable(),
  /** Photos the nudity screening held, and the highest score among them. */
  held_photos: z.number().int(),
  nudity_score: z.number().nullable(),
  /** Scam-guard messages in the last 30 days, and which kinds. */
  scam_hits: z.number().int(),
  scam_signals: z.array(z.enum(SCAM_SIGNALS)),
  open_reports: z.number().int(),
});
export type RiskSignals = z.infer<typeof riskSignalsSchema>;

/** Verification evidence: the frames the face match used beside the slot-1 photo. */
export const faceEvidenceSchema = z.object({
  photo_url: z.string().nullable(),
  frame_urls: z.array(z.string()),
});

export const adminMediaItem = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string().nullable(),
  kind: z.enum(['photo', 'video']),
  /** The photo's slot; null for a video. */
  display_order: z.number().nullable(),
  status: z.enum(MEDIA_REVIEW_STATUSES),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
  /** A photo's face check and nudity screening; null on a video. */
  face_check: z.enum(FACE_CHECKS).nullable(),
  screening: z.enum(PHOTO_SCREENINGS).nullable(),
  nudity_score: z.number().nullable(),
  /** A video's face match evidence; null on a photo. */
  evidence: faceEvidenceSchema.nullable(),
  /** The member's signals and the queue's risk order (higher first). */
  signals: riskSignalsSchema,
  risk: z.number(),
});
export type AdminMediaItem = z.infer<typeof adminMediaItem>;

export const adminMemberDetail = adminMemberSummary.extend({
  email: z.string().nullable(),
  gender: z.string().nullable(),
  seeking_gender: z.string().nullable(),
  birth_date: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  short_bio: z.string().nullable(),
  redeemable_tokens: z.number(),
  rejection_reason: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  suspended_at: z.string().nullable(),
  /** 'fraud_or_scam' told the members who exchanged messages with them (issue 42). */
  suspension_category: z.enum(SUSPENSION_CATEGORIES).nullable(),
  /** Under a fraud hold: nothing they do notifies another member (issue 42). */
  fraud_hold_at: z.string().nullable(),
  role: z.enum(['member', 'admin']),
  /** The payee profile, its taxpayer id masked as everywhere. */
  payee: payeeIdentitySchema.nullable(),
  /** Paid this New York calendar year, and on its way (issue 43). */
  payouts_year: payoutsYearToDateResponse.pick({
    year: true,
    paid_cents: true,
    payments: true,
    pending_cents: true,
  }),
  photos: z.array(adminMediaItem),
  videos: z.array(adminMediaItem),
  /** Their prompt answers (issue 44), a recording by signed URL: what a report may remove. */
  prompts: z.array(promptAnswerSchema),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

export const adminMemberParams = z.object({ id: idParam });
export const adminMemberResponse = z.object({
  success: z.literal(true),
  member: adminMemberDetail,
});
export type AdminMemberResponse = z.infer<typeof adminMemberResponse>;

export const rejectMemberBody = z.object({ reason: adminReason });
export type RejectMemberBody = z.infer<typeof rejectMemberBody>;

export const adminReviewQueueResponse = z.object({
  success: z.literal(true),
  items: z.array(adminMediaItem),
});
export type AdminReviewQueueResponse = z.infer<typeof adminReviewQueueResponse>;

export const adminLiveAuction = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string().nullable(),
  current_bid: z.number(),
  lead_bidder_id: z.number().nullable(),
  lead_bidder_username: z.string().nullable(),
});
export type AdminLiveAuction = z.infer<typeof adminLiveAuction>;

export const adminAuctionsQuery = pageQuery({ limit: 50, maxLimit: 200 }).extend({
  q: safeText({ max: 50 }).optional(),
});
export const adminAuctionsResponse = z.object({
  success: z.literal(true),
  auctions: z.array(adminLiveAuction),
});
export type AdminAuctionsResponse = z.infer<typeof adminAuctionsResponse>;
