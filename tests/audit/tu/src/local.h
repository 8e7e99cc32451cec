/* found through the quote path of the main file's directory */
struct local_rec {
	void *where;
};
