import type { CompanyProfile } from './company-profile.ts'

/** An icon as MCP tools, servers and the MCP Registry describe one. */
export type Icon = { src: string; mimeType?: string; sizes?: string[] }

const MIME_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}

/**
 * The company's logo as an icon list: the logo of the loaded fleet, or the badge with its initials
 * the site draws. The type is named when the file's extension says it, so a client need not fetch
 * the image to know whether it can show it; an SVG scales to any size.
 */
export function companyIcons(company: CompanyProfile): Icon[] {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(company.logoUrl).pathname)?.[1]?.toLowerCase()
  const mimeType = extension === undefined ? undefined : MIME_TYPES[extension]
  if (mimeType === undefined) return [{ src: company.logoUrl }]
  return [
    {
      src: company.logoUrl,
      mimeType,
      ...(mimeType === 'image/svg+xml' ? { sizes: ['any'] } : {}),
    },
  ]
}
