"""What is kept on disk: save files, their locks, safe (atomic) writes, the user's board data."""
