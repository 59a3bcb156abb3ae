// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CAMERA_BUSY, CAMERA_FAILED, CAMERA_PERMISSION_DENIED, cameraErrorMessage, NO_CAMERA_FOUND } from './camera-errors';

describe('cameraErrorMessage', () => {
  it('names the problem getUserMedia reported', () => {
    expect(cameraErrorMessage(new DOMException('denied', 'NotAllowedError'))).toBe(CAMERA_PERMISSION_DENIED);
    expect(cameraErrorMessage(new DOMException('none', 'NotFoundError'))).toBe(NO_CAMERA_FOUND);
    expect(cameraErrorMessage(new DOMException('no back camera', 'OverconstrainedError'))).toBe(NO_CAMERA_FOUND);
    expect(cameraErrorMessage(new DOMException('busy', 'NotReadableError'))).toBe(CAMERA_BUSY);
  });

  it('has a general answer for anything else', () => {
    expect(cameraErrorMessage(new Error('odd'))).toBe(CAMERA_FAILED);
    expect(cameraErrorMessage('odd')).toBe(CAMERA_FAILED);
  });
});
