module example.com/wordcount

go 1.19
