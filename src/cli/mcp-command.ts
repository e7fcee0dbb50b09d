import { Command } from 'commander'
import { loadConfig } from '../config.ts'
import { CommandError, failureMessage } from './cli-support.ts'
import { mcpManifestCommand } from './mcp-manifest-command.ts'

/**
 * `rental-agent mcp`: the MCP server over stdio, what `npm run mcp` runs; `rental-agent mcp
 * manifest` writes its MCP Registry entry.
 */
export function mcpCommand(): Command {
  return new Command('mcp')
    .summary('Serve the agent tools over MCP on stdin and stdout (npm run mcp)')
    .description(
      "Serve the API's operations as MCP tools over stdio, for an agent host that starts this command (see the README's MCP server section). Reads the same environment as serve, so it answers from the same database. Standard output carries only MCP messages; logs go to standard error. Ends when standard input closes.",
    )
    .addCommand(mcpManifestCommand())
    .action(async () => {
      // Loaded here, so that the other commands do not load the MCP SDK.
      const { runMcpStdio } = await import('../mcp/stdio.ts')
      try {
        await runMcpStdio(loadConfig())
      } catch (error) {
        throw new CommandError(`Cannot start the MCP server: ${failureMessage(error)}`)
      }
    })
}
