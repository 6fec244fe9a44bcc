// HTTP adapter for photos and verification videos (accounts §7); their admin review is in
// modules/admin (media-review). Every member route acts on the
// signed-in member's own photos and keys only; nothing takes a target member's id
// except the read of approved photos.
import {
  deleteProfileImageBody,
  MEDIA_MESSAGES,
  mediaOkResponse,
  myVerificationVideoResponse,
  PHOTO_UPLOAD_BODY_LIMIT,
  presignedUploadQuery,
  presignedUploadResponse,
  updateImagesOrderBody,
  updateImagesOrderResponse,
  uploadProfileImageQuery,
  uploadProfileImageResponse,
  uploadVerificationVideoBody,
  uploadVerificationVideoResponse,
  userProfileImagesQuery,
  userProfileImagesResponse,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { acceptRawImageBodies } from '../../lib/raw-image-body';
import {
  deleteProfileImage,
  listProfileImages,
  reorderProfileImages,
  uploadProfileImage,
} from './profile-images.service';
import {
  createVideoUploadUrl,
  latestVerificationVideo,
  submitVerificationVideo,
} from './verification-video.service';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 500);
const tags = ['media'];

export async function mediaRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };

  await app.register(photoUploadRoute, { ctx });

  app.get(
    '/userProfileImages',
    {
      ...member,
      schema: {
        tags,
        querystring: userProfileImagesQuery,
        response: { 200: userProfileImagesResponse, ...errors },
      },
    },
    async (request) => {
      const data = await listProfileImages(ctx, request.member!.id, request.query);
      return {
        success: true,
        data,
        message: data.length ? MEDIA_MESSAGES.imagesFound : MEDIA_MESSAGES.imageNotFound,
      };
    },
  );

  app.delete(
    '/deleteProfileImage',
    {
      ...member,
      schema: { tags, body: deleteProfileImageBody, response: { 200: mediaOkResponse, ...errors } },
    },
    async (request) => {
      const { display_order, image_type } = request.body;
      await deleteProfileImage(ctx, request.member!.id, display_order, image_type);
      return { success: true, message: MEDIA_MESSAGES.imageDeleted };
    },
  );

  app.post(
    '/auth/update-profile-images-order',
    {
      ...member,
      schema: {
        tags,
        body: updateImagesOrderBody,
        response: { 200: updateImagesOrderResponse, ...errors },
      },
    },
    async (request) => ({
      success: true,
      message: MEDIA_MESSAGES.orderSaved,
      data: await reorderProfileImages(ctx, request.member!.id, request.body.images),
    }),
  );

  app.get(
    '/getPresignedUploadUrl',
    {
      ...member,
      schema: {
        tags,
        querystring: presignedUploadQuery,
        response: { 200: presignedUploadResponse, ...errors },
      },
    },
    async (request) => {
      const target = await createVideoUploadUrl(ctx, request.member!.id, request.query.contentType);
      return { success: true, ...target, message: MEDIA_MESSAGES.uploadUrlReady };
    },
  );

  app.get(
    '/verificationVideo',
    { ...member, schema: { tags, response: { 200: myVerificationVideoResponse, ...errors } } },
    async (request) => ({
      success: true,
      video: await latestVerificationVideo(ctx, request.member!.id),
    }),
  );

  app.post(
    '/uploadVerificationVideo',
    {
      ...member,
      schema: {
        tags,
        body: uploadVerificationVideoBody,
        response: { 200: uploadVerificationVideoResponse, ...errors },
      },
    },
    async (request) => ({
      success: true,
      video: await submitVerificationVideo(ctx, request.member!.id, request.body.file_name),
      message: MEDIA_MESSAGES.videoUploaded,
    }),
  );
}

/**
 * POST /uploadProfileImage: the body is the image's raw bytes (any Content-Type: the
 * decoder decides what it is). Slot and type come from the query or x-display-order /
 * x-image-type headers. Its own scope, so the 16 MB body limit and raw parser apply here only.
 */
async function photoUploadRoute(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  acceptRawImageBodies(app);

  app.post(
    '/uploadProfileImage',
    {
      // Authenticate before the body is read, so strangers cannot make us buffer 16 MB.
      onRequest: app.requireMember,
      bodyLimit: PHOTO_UPLOAD_BODY_LIMIT,
      schema: { tags, response: { 200: uploadProfileImageResponse, ...errors } },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const fields = uploadProfileImageQuery.parse({
        display_order: query.display_order ?? request.headers['x-display-order'],
        image_type: query.image_type ?? request.headers['x-image-type'],
        file_name: query.file_name,
      });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length === 0) throw new AppError('VALIDATION', 400, MEDIA_MESSAGES.notAnImage);
      return {
        success: true,
        image: await uploadProfileImage(ctx, request.member!.id, body, fields.display_order),
      };
    },
  );
}
