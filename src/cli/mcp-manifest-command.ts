import { writeFile } from 'node:fs/promises'
import { Command } from 'commander'
import { MCP_SERVER_JSON_PATH, mcpServerJson } from '../docs/mcp-discovery.ts'
import { companyProfile } from '../presenters/company-profile.ts'
import { SiteLinks } from '../presenters/site-links.ts'
import { withStore } from './cli-support.ts'

/** `rental-agent mcp manifest [FILE]` */
export function mcpManifestCommand(): Command {
  return new Command('manifest')
    .summary("Write the MCP Registry's server.json for this server")
    .description(
      `Write the server.json that publishes this MCP server in the MCP Registry (mcp-publisher publish reads it): the company of the stored fleet, and the remote at PUBLIC_URL/mcp. The running service serves the same document at ${MCP_SERVER_JSON_PATH}. The registry accepts a name under a domain only from whoever proves they hold it: the name is PUBLIC_URL's host in reverse.`,
    )
    .argument('[file]', 'where to write it; standard output when absent or -')
    .action(async (file: string | undefined) => {
      await withStore(async (store, config) => {
        const catalogue = await store.loadCatalogue()
        const company = companyProfile(catalogue.company, new SiteLinks(config.publicUrl))
        const text = `${JSON.stringify(mcpServerJson(config.publicUrl, company), null, 2)}\n`
        if (file === undefined || file === '-') {
          process.stdout.write(text)
          return
        }
        await writeFile(file, text)
        process.stdout.write(`Wrote the server.json of ${company.name} to ${file}\n`)
      }, 'existing')
    })
}
