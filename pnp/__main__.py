from pnp.commands.cli import main

main()
