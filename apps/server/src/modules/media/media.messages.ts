// The spec's image error messages (accounts §8 'Images').
export const MEDIA_MESSAGES = {
  imageNotFound: 'Image not found',
  imageUrlFailed: 'Failed to get image URL',
} as const;
