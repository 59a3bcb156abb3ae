/** The photo manager's words (web/components/photo-manager) from a catalogue's `photos` section, for every form that has one. */
import type { PhotoManagerWords } from '../../components/photo-manager';
import { formatCount } from '../../lib/numbers';

/** Reads one key of the section (`photos.{key}`) with its values. */
export type PhotoWordReader = (key: string, values?: Record<string, unknown>) => string;

/** The words, `read` giving each key of the section; `byUrl` where the section has "Add by URL" (superadmins' forms). */
export function photoManagerWords(read: PhotoWordReader, max: number, { byUrl = false, uploadUnavailable = false } = {}): PhotoManagerWords {
  return {
    legend: read('legend'),
    description: read('description', { max: formatCount(max) }),
    empty: read('empty'),
    cover: read('cover'),
    setCover: read('setCover'),
    photo: (n) => read('photo', { n }),
    makeCover: (n) => read('makeCover', { n }),
    moveLeft: (n) => read('moveLeft', { n }),
    moveRight: (n) => read('moveRight', { n }),
    remove: (n) => read('remove', { n }),
    add: read('add'),
    takePhoto: read('takePhoto'),
    madeCover: (n) => read('madeCover', { n }),
    moved: (n) => read('moved', { n }),
    removed: read('removed'),
    added: (name) => read('added', { name }),
    uploading: (name) => read('uploading', { name }),
    wrongType: (name) => read('wrongType', { name }),
    tooBig: (name) => read('tooBig', { name }),
    tooMany: (name) => read('tooMany', { name, max: formatCount(max) }),
    uploadFailed: (name) => read('uploadFailed', { name }),
    dismiss: (name) => read('dismiss', { name }),
    ...(uploadUnavailable ? { uploadUnavailable: read('uploadUnavailable') } : {}),
    ...(byUrl ? { byUrl: { label: read('byUrl.label'), add: read('byUrl.add'), invalid: read('byUrl.invalid') } } : {}),
  };
}
