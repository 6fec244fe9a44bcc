import { MEDIA_MESSAGES } from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { keepFileListRole, pickerStrings } from './photo-picker';

describe('photo picker wording', () => {
  it('never asks a touch screen to drop files', () => {
    const touch = pickerStrings(true);
    expect(Object.values(touch).join(' ')).not.toMatch(/drop files|browse files/i);
    expect(touch.dropPasteFiles).toBe('%{browseFiles}');
    expect(touch.browseFiles).toBe('Choose a photo');
  });

  it('offers dropping a photo with a mouse', () => {
    expect(pickerStrings(false).dropPasteFiles).toBe('Drop a photo here or %{browseFiles}');
  });

  it("refuses a non-image or a large file in the product's words", () => {
    expect(pickerStrings(true).youCanOnlyUploadFileTypes).toBe(MEDIA_MESSAGES.notAnImage);
    expect(pickerStrings(false).exceedsSize).toBe(MEDIA_MESSAGES.imageTooLarge);
  });
});

describe('photo picker accessibility', () => {
  it("gives Uppy's lone file item the list around it, also after a redraw", async () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="uppy-Dashboard-files"><div role="listitem"></div></div>';
    const stop = keepFileListRole(root);
    expect(root.querySelector('.uppy-Dashboard-files')?.getAttribute('role')).toBe('list');
    root.innerHTML = '<div class="uppy-Dashboard-files"><div role="listitem"></div></div>';
    await Promise.resolve();
    expect(root.querySelector('.uppy-Dashboard-files')?.getAttribute('role')).toBe('list');
    stop();
  });
});
