from referee.cli.main import main

main()
