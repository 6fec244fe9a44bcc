// Saving the photo order and deleting a photo (accounts §7).
import type { ImageType } from '@bidboard/shared';
import { api } from '@/lib/api-client';
import { forgetOwnProfileImages } from './profile-images';

export interface OrderedImage {
  id: number;
  url: string;
  display_order: number;
}

export async function saveImagesOrder(images: OrderedImage[]): Promise<void> {
  try {
    await api.post('/auth/update-profile-images-order', { images });
  } finally {
    forgetOwnProfileImages();
  }
}

export async function deleteProfileImage(displayOrder: number, imageType: ImageType) {
  try {
    await api.delete('/deleteProfileImage', {
      display_order: displayOrder,
      image_type: imageType,
    });
  } finally {
    forgetOwnProfileImages();
  }
}
