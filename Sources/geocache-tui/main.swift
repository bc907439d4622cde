// The entry point: parse the arguments and run the chosen command.
GeocacheTUICommand.main()
