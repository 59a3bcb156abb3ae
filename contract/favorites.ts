/** A signed-in account's favourite deals (docs/product/api.md#favourites). */
import { z } from 'zod';
import { messageAnswer, PASSWORD_CHANGE_REQUIRED } from './common';
import { dealList } from './deals';
import { endpoint } from './endpoint';

export const favoriteBody = z.object({ dealId: z.uuid({ message: 'must be a deal id' }) });
export const favoriteParams = z.object({ dealId: z.uuid({ message: 'must be a deal id' }) });

/** Every favourites call is signed in; each account reads and changes only its own. */
export const favoriteEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/favorites',
    tag: 'Favourites',
    summary: 'The account\'s favourite deals',
    description: 'Signed in. The favourites that shoppers can still see, most recently added first.',
    ok: { status: 200, schema: dealList, description: 'The favourite deals.' },
    refusals: {
      401: 'No one is signed in.',
      403: { description: 'The account must first replace a password it did not choose.', codes: [PASSWORD_CHANGE_REQUIRED] },
    },
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/favorites',
    tag: 'Favourites',
    summary: 'Makes a deal a favourite',
    description: 'Signed in. Adding one twice changes nothing.',
    body: favoriteBody,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Added to favorites\'}`.' },
    refusals: {
      401: 'No one is signed in.',
      403: {
        description: 'A write authenticated only by the cookie that did not come from this site\'s pages, or an account that must first replace a password it did not choose.',
        codes: [PASSWORD_CHANGE_REQUIRED],
      },
      404: 'No deal with this id is shown to the caller.',
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/favorites/:dealId',
    tag: 'Favourites',
    summary: 'Removes a deal from the favourites',
    description: 'Signed in. Removing one that is not there changes nothing.',
    params: favoriteParams,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Removed from Favorites\'}`.' },
    refusals: {
      401: 'No one is signed in.',
      403: {
        description: 'A write authenticated only by the cookie that did not come from this site\'s pages, or an account that must first replace a password it did not choose.',
        codes: [PASSWORD_CHANGE_REQUIRED],
      },
    },
  }),
};
