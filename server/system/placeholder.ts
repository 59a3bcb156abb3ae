/** The fallback image of docs/product/api.md#system: a neutral SVG of the asked size. */
import { PLACEHOLDER_MAX_SIDE } from '../../contract/constants';

export function placeholderSvg(width: number, height: number): string {
  const fontSize = Math.max(10, Math.round(Math.min(width, height) / 8));
  const iconSize = Math.round(Math.min(width, height) / 4);
  const cx = width / 2;
  const cy = height / 2 - fontSize / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Image unavailable">
<rect width="100%" height="100%" fill="#e5e7eb"/>
<g fill="none" stroke="#9ca3af" stroke-width="${Math.max(1, iconSize / 16)}" transform="translate(${cx - iconSize / 2} ${cy - iconSize / 2})">
<rect x="0" y="0" width="${iconSize}" height="${iconSize * 0.8}" rx="${iconSize / 10}"/>
<circle cx="${iconSize * 0.3}" cy="${iconSize * 0.28}" r="${iconSize / 10}"/>
<path d="M0 ${iconSize * 0.65} L${iconSize * 0.35} ${iconSize * 0.4} L${iconSize * 0.6} ${iconSize * 0.6} L${iconSize * 0.75} ${iconSize * 0.48} L${iconSize} ${iconSize * 0.7}"/>
</g>
<text x="50%" y="${cy + iconSize / 2 + fontSize * 1.2}" font-family="system-ui, sans-serif" font-size="${fontSize}" fill="#4b5563" text-anchor="middle">${width} × ${height}</text>
</svg>`;
}

export function isPlaceholderSize(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= PLACEHOLDER_MAX_SIDE;
}
