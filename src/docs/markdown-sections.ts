/**
 * The rules Markdown cut at its `## ` headings, so each document can place a section where it
 * reads best (the call order next to the worked example on /docs) while the text stays the one
 * that api-rules.ts writes.
 */
export type MarkdownSection = { title: string; body: string }

export type SectionedMarkdown = {
  /** What comes before the first `## ` heading: the one-paragraph summary. */
  intro: string
  sections: MarkdownSection[]
}

export function splitSections(markdown: string): SectionedMarkdown {
  const [intro = '', ...rest] = markdown.split(/^## /m)
  return {
    intro: intro.trim(),
    sections: rest.map((chunk) => {
      const newline = chunk.indexOf('\n')
      const title = (newline === -1 ? chunk : chunk.slice(0, newline)).trim()
      const body = newline === -1 ? '' : chunk.slice(newline + 1).trim()
      return { title, body }
    }),
  }
}

/** The section with that title; throws when api-rules.ts no longer has it, so a test notices. */
export function sectionTitled(sectioned: SectionedMarkdown, title: string): MarkdownSection {
  const section = sectioned.sections.find((candidate) => candidate.title === title)
  if (!section) throw new Error(`The API rules have no "## ${title}" section`)
  return section
}
