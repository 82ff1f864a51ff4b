from toolwire.cli.main import main

main()
